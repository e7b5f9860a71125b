/**
 * A message id's short key in a build (build/catalog-ids.ts): FNV-1a of the id
 * from `seed`, written as a letter and two base-36 digits (33,696 keys, each a
 * plain property name). The build picks the first seed under which no two ids
 * share a key.
 */
export function hashKey(id: string, seed: number): string {
  let h = seed ^ 0x811c9dc5
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619)
  h >>>= 0
  return String.fromCharCode(97 + (h % 26)) + (Math.floor(h / 26) % 1296).toString(36).padStart(2, '0')
}
