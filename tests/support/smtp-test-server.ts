import type { AddressInfo } from "node:net";

import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server on a local port, for tests: it takes every message and keeps it parsed. `stop()` closes
 * the port (a mail server that is down); `start(port)` opens it again.
 */
export class SmtpTestServer {
  readonly received: ParsedMail[] = [];
  /** While true, a message's data is read but never answered: a mail server that hangs mid-message. */
  holding = false;
  /** Messages held so far (never received). */
  held = 0;
  #server: SMTPServer | undefined;
  port = 0;

  async start(port = this.port): Promise<this> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData: (stream, _session, done) => {
        if (this.holding) {
          this.held++;
          stream.resume();
          return;
        }
        simpleParser(stream)
          .then((mail) => {
            this.received.push(mail);
            done();
          })
          .catch(done);
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve());
    });
    this.#server = server;
    this.port = (server.server.address() as AddressInfo).port;
    return this;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
