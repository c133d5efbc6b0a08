/** The API form of a point in time, as Firestore shows its timestamps. */
export interface Timestamp {
  seconds: number;
  nanoseconds: number;
}

export function timestampFromMillis(ms: number): Timestamp {
  const seconds = Math.floor(ms / 1000);
  return { seconds, nanoseconds: Math.round((ms - seconds * 1000) * 1e6) };
}

export function timestampToMillis(t: Timestamp): number {
  return t.seconds * 1000 + Math.floor(t.nanoseconds / 1e6);
}

export function compareTimestamps(a: Timestamp, b: Timestamp): number {
  return a.seconds - b.seconds || a.nanoseconds - b.nanoseconds;
}
