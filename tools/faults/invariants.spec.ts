import { modelBalance } from './invariants';
import { SeededRandom } from './random';
import type { Operation } from './workload';

const op = (kind: Operation['kind'], amount: string, state: string | undefined, outcome: Operation['outcome'] = 'ok'): Operation => ({
  kind,
  key: `${kind}-${amount}`,
  amount,
  state,
  outcome,
  attempts: 1,
});

describe('the fault suite’s model of the merchant’s balance', () => {
  it('is what was paid, less completed refunds, sent withdrawals and disputes that took the money', () => {
    const log = [
      op('order', '50.10', 'paid'),
      op('payment', '20.05', 'paid'),
      op('payment', '99.99', undefined, 'unanswered'),
      op('order', '10.00', 'requires_hosted'),
      op('refund', '20.05', 'completed'),
      op('refund', '5.00', undefined, 'refused'),
      op('withdrawal', '10.00', 'sent'),
      op('withdrawal', '11.00', 'rejected'),
      op('dispute', '3.33', 'open'),
      op('dispute', '4.44', 'lost'),
      op('dispute', '5.55', 'won'),
    ];
    expect(modelBalance(log)).toBe('32.33');
    expect(modelBalance([])).toBe('0.00');
  });
});

describe('the fault suite’s seed', () => {
  it('gives the same sequence for the same seed and another for another', () => {
    const draw = (seed: number) => {
      const random = new SeededRandom(seed);
      return [random.next(), random.between(2_000, 6_000), random.id(20), random.pick(['a', 'b', 'c'])];
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
    const random = new SeededRandom(7);
    for (let i = 0; i < 1000; i += 1) {
      const value = random.between(3, 5);
      expect(value >= 3 && value <= 5).toBe(true);
    }
  });
});
