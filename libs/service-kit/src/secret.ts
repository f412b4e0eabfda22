import { z } from 'zod';

/** A configuration value that never prints: logs, JSON and errors show `[redacted]`. */
export class Secret {
  #value: string;
  constructor(value: string) {
    this.#value = value;
  }
  reveal(): string {
    return this.#value;
  }
  toString(): string {
    return '[redacted]';
  }
  toJSON(): string {
    return '[redacted]';
  }
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return 'Secret([redacted])';
  }
}

export const secret = () =>
  z
    .string()
    .min(1)
    .transform((value) => new Secret(value));
