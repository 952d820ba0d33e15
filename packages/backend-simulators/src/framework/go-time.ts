/** A time as Go's encoding/json writes a time.Time: RFC 3339 in UTC here, its fraction without trailing zeros. */
export function goTimeText(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toISOString().replace(/\.?0*Z$/, "Z");
}
