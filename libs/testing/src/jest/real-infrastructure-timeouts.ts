// Integration and end-to-end hooks start brokers, consumers and whole service stacks;
// on a 2-core machine under CI load that takes longer than Jest's 5 s default.
jest.setTimeout(180000);
