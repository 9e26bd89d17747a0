/** Largest JSON body a service parses, and so the most the gateway lets through to one. */
export const MAX_JSON_BODY_BYTES = 16 * 1024;
