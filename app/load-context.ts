// What the Express layer (server/app.ts) hands every loader and action.
declare module "react-router" {
  interface AppLoadContext {
    /** The client's address (X-Forwarded-For is trusted from loopback proxies only). */
    clientIp: string;
  }
}

export {};
