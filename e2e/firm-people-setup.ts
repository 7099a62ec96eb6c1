import { randomUUID } from "node:crypto";
import { crc32, deflateSync } from "node:zlib";
import { apiRequest, confirmUser, GOOD_PASSWORD, uniqueEmail, type TestUser } from "./fixtures.js";

/** Set-up for e2e/firm-people.e2e.ts: a firm with its admin, clients of it, a logo image. */

export type Firm = { id: string; name: string; code: string };
const suffix = () => randomUUID().slice(0, 8);

/** A firm created and claimed through the API, its administrator confirmed. */
export async function buildFirmAdmin(): Promise<{ admin: TestUser; firm: Firm }> {
  const name = `Finch ${suffix()} LLP`;
  const created = await apiRequest<{ id: string; firm_code: string; claimSecret: string }>(
    "POST",
    "/api/firms",
    {
      name,
      phone: "+1 555 0100",
      address: "1 Main St",
    },
  );
  if (created.status !== 201)
    throw new Error(`POST /api/firms answered ${created.status}: ${JSON.stringify(created.body)}`);
  const admin = { name: "Ada Admin", email: uniqueEmail("firm-admin"), password: GOOD_PASSWORD };
  const claim = await apiRequest("POST", "/api/firms/claim", {
    firmId: created.body.id,
    claimSecret: created.body.claimSecret,
    ...admin,
    phone: null,
  });
  if (claim.status !== 200)
    throw new Error(
      `POST /api/firms/claim answered ${claim.status}: ${JSON.stringify(claim.body)}`,
    );
  await confirmUser(admin.email);
  return { admin, firm: { id: created.body.id, name, code: created.body.firm_code } };
}

/** Confirmed clients of the firm, registered with its firm code (the server joins them as at POST /api/firms/join), five at a time. */
export async function seedClients(firmCode: string, names: string[]): Promise<void> {
  for (let i = 0; i < names.length; i += 5) {
    await Promise.all(
      names.slice(i, i + 5).map(async (name) => {
        const email = uniqueEmail("client");
        const res = await apiRequest("POST", "/api/register", {
          name,
          email,
          password: GOOD_PASSWORD,
          firmCode,
        });
        if (res.status !== 200)
          throw new Error(`POST /api/register answered ${res.status}: ${JSON.stringify(res.body)}`);
        await confirmUser(email);
      }),
    );
  }
}

/** A tiny valid PNG (solid colour), for the logo upload. */
export function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x3a)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", pixels),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
