// What the Express layer (server/app.ts) hands every loader and action.
declare module "react-router" {
  interface AppLoadContext {
    /** The client's address: the socket's, or X-Forwarded-For's when it came through a proxy TRUST_PROXY names. */
    clientIp: string;
  }
}

export {};
