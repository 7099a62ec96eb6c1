import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = {
  from: string;
  to: string[];
  raw: string;
  /** Whether the session was upgraded with STARTTLS before the message. */
  isSecure: boolean;
  /** The user the session signed in as (AUTH), if it did. */
  user: string | undefined;
};

export type SmtpSinkOptions = {
  /** STARTTLS with this key and certificate (PEM): offered, and required before AUTH. */
  tls?: { key: string; cert: string };
  /** AUTH required (PLAIN or LOGIN, only after STARTTLS): these credentials and no others. */
  auth?: { user: string; pass: string };
  /** Refuse every connection at the greeting (e.g. 421 "try again later"). */
  refuseConnect?: { code: number; message: string };
  /** Refuse every recipient (e.g. 550 "mailbox unavailable"). */
  refuseRecipient?: { code: number; message: string };
};

/** An error smtp-server answers with `code` (its SMTP reply). */
function smtpError(refusal: { code: number; message: string }): Error {
  return Object.assign(new Error(refusal.message), { responseCode: refusal.code });
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives: plain SMTP without AUTH by default;
 * with `options`, STARTTLS, AUTH, or a server that refuses (at the greeting or each recipient).
 */
export async function startSmtpSink(
  port = 0,
  options: SmtpSinkOptions = {},
): Promise<{ port: number; received: ReceivedMail[]; refused: number; close(): Promise<void> }> {
  const { tls, auth, refuseConnect, refuseRecipient } = options;
  const received: ReceivedMail[] = [];
  const state = { refused: 0 };
  const server = new SMTPServer({
    authOptional: !auth,
    disabledCommands: [...(auth ? [] : ["AUTH"]), ...(tls ? [] : ["STARTTLS"])],
    ...(tls ? { key: tls.key, cert: tls.cert } : {}),
    allowInsecureAuth: false,
    logger: false,
    onAuth(login, _session, callback) {
      if (auth && login.username === auth.user && login.password === auth.pass)
        return callback(null, { user: login.username });
      callback(smtpError({ code: 535, message: "Authentication credentials invalid" }));
    },
    onConnect(_session, callback) {
      if (!refuseConnect) return callback();
      state.refused++;
      callback(smtpError(refuseConnect));
    },
    onRcptTo(_address, _session, callback) {
      if (!refuseRecipient) return callback();
      state.refused++;
      callback(smtpError(refuseRecipient));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
          isSecure: session.secure,
          user: typeof session.user === "string" ? session.user : undefined,
        });
        callback();
      });
    },
  });
  server.on("error", () => {}); // a client that drops the connection (nodemailer refusing our certificate) is no failure of the sink
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    get refused() {
      return state.refused;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A raw message's text as a reader sees it: quoted-printable soft breaks and escapes undone. */
export function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}
