import { CpuMeter, pidsNamed } from './process-cpu';

describe('CPU per process for the bench', () => {
  it('charges the CPU a process burns to its group, per 1,000 requests', () => {
    const meter = new CpuMeter({ self: () => [process.pid], gone: () => [2 ** 22 + 1] });
    meter.start();
    // Burn 300 ms of this process's own CPU time, however busy the machine is.
    const start = process.cpuUsage();
    while ((process.cpuUsage(start).user + process.cpuUsage(start).system) / 1e6 < 0.3) Math.sqrt(Math.random());
    const [self, gone] = meter.perThousand(1000).split(' · ');
    expect(Number(self!.split(' ')[1])).toBeGreaterThanOrEqual(0.2);
    expect(gone).toBe('gone 0.00');
  });

  it('finds processes by command name', () => {
    expect(pidsNamed('node')).toContain(process.pid);
    expect(pidsNamed('no-such-command')).toEqual([]);
  });
});
