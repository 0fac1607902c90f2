/**
 * Who may take a free check slot (slow neighbours filled every slot). Parties are users,
 * or hosts; the same rule applies to each dimension.
 *
 * A party's share is the slots divided among the parties with checks in flight here, plus one for a
 * newcomer while some party with active products has none in flight (its check may come due at any
 * moment). A party below its share may always start. Above it, it may start only while the free
 * slots left still hold every other party's unused share: what the others have in flight sizes the
 * reserve, not a fixed half. So slow checks of a few users keep to their shares, and a third user's
 * first check finds a free slot instead of waiting for a drip to end.
 */
export interface SlotClaim<K> {
  /** slots of the process (the global cap) */
  cap: number;
  /** checks in flight, all parties together */
  inFlight: number;
  /** the party asking */
  key: K;
  /** checks in flight per party (parties with none are absent) */
  held: ReadonlyMap<K, number>;
  /** parties with active products anywhere (the database's count) */
  known: number;
  /** a party's own ceiling (a host's requests at once), if any */
  limit?: (key: K) => number;
}

export function shareOf<K>(claim: Pick<SlotClaim<K>, "cap" | "key" | "held" | "known">): {
  share: number;
  newcomers: number;
} {
  const present = claim.held.size + (claim.held.has(claim.key) ? 0 : 1);
  const newcomers = claim.known > present ? 1 : 0;
  return { share: Math.max(1, Math.floor(claim.cap / (present + newcomers))), newcomers };
}

export function mayTakeSlot<K>(claim: SlotClaim<K>): boolean {
  const free = claim.cap - claim.inFlight;
  if (free <= 0) return false;
  const ceiling = (key: K) => (claim.limit ? Math.min(claim.cap, claim.limit(key)) : claim.cap);
  const mine = claim.held.get(claim.key) ?? 0;
  if (mine >= ceiling(claim.key)) return false;
  const { share, newcomers } = shareOf(claim);
  if (mine < share) return true;
  let reserve = newcomers * share;
  for (const [key, held] of claim.held) {
    if (key !== claim.key) reserve += Math.max(0, Math.min(share, ceiling(key)) - held);
  }
  return free - 1 >= reserve;
}
