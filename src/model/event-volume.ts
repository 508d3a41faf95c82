/**
 * Daily event volume of one source, one row per (event name, event type), as Segment's Public API
 * `GET /events/volume` reports it with `granularity=DAY&groupBy=eventName,eventType` (issue 26).
 */
export interface DailyEventVolume {
  sourceId: string;
  /** Absent for events without a name (page, identify, …) when the API groups them so. */
  eventName?: string;
  eventType: string;
  /** Events per UTC day, oldest first; the last is yesterday (the last complete day). Length = the days asked for. */
  perDay: number[];
}

/** The port to the volumes: one read per source, paced within the endpoint's own limit (60 requests a minute). */
export interface EventVolumeReads {
  /** The last `days` complete UTC days of `sourceId`. Throws VolumePermissionError when the token may not read volumes. */
  daily(sourceId: string, days: number): Promise<DailyEventVolume[]>;
  /** HTTP requests made so far (a plan's `apiCalls` include them). */
  readonly calls: number;
}

/** The token may not read event volumes (403 from `GET /events/volume`). */
export class VolumePermissionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "VolumePermissionError";
  }
}
