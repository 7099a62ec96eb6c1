import {
  assetTitlesSchema,
  type AssetTitlesInput,
  type AssetType,
  type AssetView,
  titleAdditionalData,
} from "@common/assets";
import { encryptText, newContentKey, toBase64, wrapContentKey } from "@/lib/crypto/vault-crypto";
import { assetView } from "./asset-views";
import { json } from "./fake-keys-api";

/**
 * For unit and component tests only: an in-memory stand-in for GET /api/assets and POST
 * /api/assets/titles (decision 080) for one owner. The server's own tests cover the real routes;
 * this one keeps what it was sent and checks bodies with common/'s schema.
 */
export type FakeAssetsServer = {
  assets: AssetView[];
  /** Every POST /api/assets/titles body. */
  titlePosts: AssetTitlesInput[];
  /** Answers the next this many title posts with a 503. */
  failTitlePosts: number;
};

export const newFakeAssetsServer = (assets: AssetView[] = []): FakeAssetsServer => ({
  assets,
  titlePosts: [],
  failTitlePosts: 0,
});

/**
 * An item as GET /api/assets lists it: a fresh content key wrapped with `dataKey`, and its title
 * sealed as the browser seals it, or in clear (`isClear`: stored before titles were sealed).
 */
export async function fakeAsset({
  dataKey,
  type,
  title,
  isClear = false,
  over = {},
}: {
  dataKey: CryptoKey;
  type: AssetType;
  title: string;
  isClear?: boolean;
  over?: Partial<AssetView>;
}): Promise<AssetView> {
  const id = crypto.randomUUID();
  const contentKey = await newContentKey();
  return assetView({
    id,
    type,
    title: isClear ? title : null,
    encryptedTitle: isClear
      ? null
      : toBase64(await encryptText(contentKey, title, titleAdditionalData(id))),
    wrappedKey: toBase64(await wrapContentKey(contentKey, dataKey, id)),
    ...over,
  });
}

/** The fetch the server answers; `server` is read at each call. Anything else is a 404. */
export function fakeAssetsFetch(server: () => FakeAssetsServer) {
  return async (url: string, init: RequestInit = {}): Promise<Response> => {
    const s = server();
    const u = new URL(url, "http://app");
    const method = init.method ?? "GET";
    if (method === "GET" && u.pathname === "/api/assets") {
      const type = u.searchParams.get("type");
      return json(200, { assets: s.assets.filter((a) => !type || a.type === type) });
    }
    if (method === "POST" && u.pathname === "/api/assets/titles") {
      if (s.failTitlePosts > 0) {
        s.failTitlePosts--;
        return json(503, { error: { code: "UNAVAILABLE", message: "Try again" } });
      }
      const body = assetTitlesSchema.parse(JSON.parse(String(init.body)));
      s.titlePosts.push(body);
      let moved = 0;
      for (const { id, encryptedTitle } of body.titles) {
        const asset = s.assets.find((a) => a.id === id && a.title !== null);
        if (!asset) continue;
        Object.assign(asset, { title: null, encryptedTitle });
        moved++;
      }
      return json(200, { moved, skipped: body.titles.length - moved });
    }
    return json(404, { error: { code: "NOT_FOUND", message: "Not found" } });
  };
}
