import fs from "node:fs";
import http from "node:http";
import type net from "node:net";
import path from "node:path";

import compression from "compression";
import express from "express";

import { visitorBlock } from "#app/lib/visitor-block";

import type * as AppExports from "./app";

// The HTTP server around the app bundle: socket limits, proxy trust, compression, static files.

export type AppModule = typeof AppExports;

/**
 * Socket limits. A client gets 10 s to send its headers and 30 s for the whole request, an idle keep-alive
 * connection is closed after 5 s, one process holds at most 1,000 sockets, and one address (an IPv6 /64)
 * at most 100 of them: slow or idle clients cannot pin the server's sockets (Node's defaults let a
 * header-trickling client hold one for about 70 s), and one client reopening its sockets as they are cut
 * cannot take them all. A trusted proxy's address is not limited: the proxy speaks for many visitors.
 */
export const SOCKET_LIMITS = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 1_000,
  maxConnectionsPerAddress: 100,
} as const;

/** Closes a new socket at once when its address already holds `max` (unless `exempt` says it is a trusted proxy). */
function limitSocketsPerAddress(server: http.Server, max: number, exempt: (address: string) => boolean): void {
  const open = new Map<string, number>();
  server.on("connection", (socket: net.Socket) => {
    const address = socket.remoteAddress;
    if (!address || exempt(address)) return;
    const block = visitorBlock(address);
    const count = (open.get(block) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(block, count);
    socket.once("close", () => {
      const left = (open.get(block) ?? 1) - 1;
      if (left > 0) open.set(block, left);
      else open.delete(block);
    });
  });
}

export interface WebServerOptions {
  /** Express's "trust proxy" value: false (the default) reads the client's address from the socket only. */
  trustProxy: false | number | string[];
  /** The built client (hashed assets and public files); unset when Vite serves them in development. */
  clientDir?: string;
  /** Mounted before the app (Vite's middlewares in development). */
  before?: express.RequestHandler;
  /** The request handler; defaults to the bundle's router. */
  handler?: express.RequestHandler;
}

export function createWebServer(mod: AppModule, options: WebServerOptions): http.Server {
  const server = express();
  server.disable("x-powered-by");
  server.set("trust proxy", options.trustProxy);
  // Security headers come first so static files carry them too.
  server.use(mod.securityHeaders);
  server.use(compression());
  if (options.before) server.use(options.before);
  if (options.clientDir) {
    // Hashed file names never change content: cache them for a year.
    server.use("/assets", express.static(path.join(options.clientDir, "assets"), { immutable: true, maxAge: "1y" }));
    // Other public files, looked up on disk only when the path's first segment names one: a page
    // request costs no file-system call.
    const publicFiles = express.static(options.clientDir, { maxAge: "1h" });
    const topLevel = new Set(fs.readdirSync(options.clientDir));
    server.use((req, res, next) => (topLevel.has(req.path.split("/")[1] ?? "") ? publicFiles(req, res, next) : next()));
  }
  server.use(options.handler ?? mod.app);

  const httpServer = http.createServer(
    {
      headersTimeout: SOCKET_LIMITS.headersTimeoutMs,
      requestTimeout: SOCKET_LIMITS.requestTimeoutMs,
      // How often Node looks for connections past those timeouts (its default is every 30 s).
      connectionsCheckingInterval: 1_000,
    },
    (req, res) => {
      const render = () => server(req, res);
      if (!mod.serveCachedPage(req, res, render)) render();
    },
  );
  httpServer.keepAliveTimeout = SOCKET_LIMITS.keepAliveTimeoutMs;
  httpServer.maxConnections = SOCKET_LIMITS.maxConnections;
  const trusted = server.get("trust proxy fn") as (address: string, hop: number) => boolean;
  limitSocketsPerAddress(httpServer, SOCKET_LIMITS.maxConnectionsPerAddress, (address) => trusted(address, 0));
  return httpServer;
}
