/**
 * A real SMTP server on a local port (the smtp-server package) that keeps every message it accepts,
 * parsed (mailparser). Tests use it as the mail server of SMTP_URL.
 */
import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export class MailCatcher {
  readonly mails: (ParsedMail & { rcpt: string[] })[] = [];
  /** answer 451 (try again later) to this many messages */
  tempFailures = 0;
  port = 0;
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData: (stream, session, callback) => {
      if (this.tempFailures > 0) {
        this.tempFailures--;
        stream.resume();
        const error = new Error("Tente mais tarde") as Error & { responseCode: number };
        error.responseCode = 451;
        stream.on("end", () => callback(error));
        return;
      }
      simpleParser(stream).then(
        (mail) => {
          this.mails.push(Object.assign(mail, { rcpt: session.envelope.rcptTo.map((r) => r.address) }));
          callback();
        },
        (error) => callback(error),
      );
    },
  });

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return `smtp://127.0.0.1:${this.port}?from=alertas@stock.test`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
