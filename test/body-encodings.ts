import type { TestClient } from "./harness.js";

export type BodyEncoding = {
  name: string;
  send(client: TestClient, path: string, body: Record<string, string>): Promise<Response>;
};

const asJson = (contentType: string): BodyEncoding => ({
  name: contentType,
  send: (client, path, body) =>
    client.send("POST", path, JSON.stringify(body), { "content-type": contentType }),
});

/** The ways a client can encode one body: better-auth parses form and odd-cased JSON, Hono's json() parses any type. */
export const BODY_ENCODINGS: BodyEncoding[] = [
  {
    name: "application/x-www-form-urlencoded",
    send: (client, path, body) =>
      client.send("POST", path, new URLSearchParams(body).toString(), {
        "content-type": "application/x-www-form-urlencoded",
      }),
  },
  {
    name: "multipart/form-data",
    send: (client, path, body) => {
      const form = new FormData();
      for (const [key, value] of Object.entries(body)) form.append(key, value);
      return client.send("POST", path, form);
    },
  },
  asJson("application/JSON"),
  asJson("application/json; charset=utf-8"),
  asJson("Application/Json;Charset=UTF-8"),
  asJson("text/plain"),
];
