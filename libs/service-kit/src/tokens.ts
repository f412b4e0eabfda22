/** Injection tokens of what the service kit provides to every app. */
export const CONFIG = Symbol('CONFIG');
export const LOGGER = Symbol('LOGGER');
