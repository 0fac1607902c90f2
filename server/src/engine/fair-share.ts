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

/** a party's ceiling: the cap, or its own limit when lower */
function ceilingOf<K>(claim: SlotClaim<K>, key: K): number {
  return claim.limit ? Math.min(claim.cap, claim.limit(key)) : claim.cap;
}

/*
 * Asked for every parked product a finished check might start, so it allocates nothing: no closure,
 * no result object, and the parties walked by key (a for-of over the entries makes a pair each).
 */
export function mayTakeSlot<K>(claim: SlotClaim<K>): boolean {
  const { cap, key: asking, held } = claim;
  const free = cap - claim.inFlight;
  if (free <= 0) return false;
  const mine = held.get(asking) ?? 0;
  if (mine >= ceilingOf(claim, asking)) return false;
  const present = held.size + (held.has(asking) ? 0 : 1);
  const newcomers = claim.known > present ? 1 : 0;
  const share = Math.max(1, Math.floor(cap / (present + newcomers)));
  if (mine < share) return true;
  let reserve = newcomers * share;
  for (const key of held.keys()) {
    if (key !== asking) reserve += Math.max(0, Math.min(share, ceilingOf(claim, key)) - (held.get(key) ?? 0));
  }
  return free - 1 >= reserve;
}
