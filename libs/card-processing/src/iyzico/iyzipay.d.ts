/** The part of the official iyzipay SDK the connector uses (the package ships no types). */
declare module 'iyzipay' {
  type Callback = (error: Error | null, result: Record<string, unknown> | undefined) => void;
  interface Resource {
    create(request: Record<string, unknown>, callback: Callback): void;
    retrieve(request: Record<string, unknown>, callback: Callback): void;
  }
  class Iyzipay {
    constructor(config: { apiKey: string; secretKey: string; uri: string });
    threedsInitialize: Resource;
    threedsPayment: Resource;
    payment: Resource;
  }
  export = Iyzipay;
}
