/** Avatars we store: `/v1/files/avatars/<name>.<ext>`, with a `<name>@2x.<ext>` variant beside it. */
const STORED_AVATAR = /^(\/v1\/files\/avatars\/[0-9a-f-]+)(\.(?:png|jpg|gif|webp))$/;

/**
 * The srcset of an avatar (spec §9: screens with a device pixel ratio above 1 get high-resolution
 * images). Our stored avatars have a 2x variant (the server answers the one size there is for avatars
 * uploaded before); other URLs (third-party pictures) have none.
 */
export function avatarSrcSet(url: string | null | undefined): string | undefined {
  const match = url?.match(STORED_AVATAR);
  if (!url || !match) return undefined;
  return `${url} 1x, ${match[1]}@2x${match[2]} 2x`;
}
