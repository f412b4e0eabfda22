/**
 * The spec's sandbox test cards. They are never counted against a card's daily limits, so
 * any number of merchants' test suites can run them any number of times a day.
 */
export const SANDBOX_TEST_CARDS: ReadonlySet<string> = new Set(['4355090000044242', '4355090000005151', '4355090000089999', '4355090000040000']);

/** A documented sandbox card whose daily limit is always reached: it answers 0055221 on purpose. */
export const SANDBOX_CARD_LIMIT_REACHED = '4355090000552210';
