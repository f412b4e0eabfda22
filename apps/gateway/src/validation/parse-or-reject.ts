// The API's validation lives in the service kit, so the merchant panel refuses a form with exactly the API's rules and texts.
export { fieldErrors, parseOrReject } from '@platform/service-kit';
