import type { DailyEventVolume, EventVolumeReads } from "../../src/model/event-volume.js";

/** An in-memory reader of event volumes: rows by source, the reads it was asked for, and a failure to throw if given. */
export class FakeVolumeReads implements EventVolumeReads {
  readonly asked: Array<{ sourceId: string; days: number }> = [];
  calls = 0;

  constructor(
    private readonly rows: Readonly<Record<string, readonly DailyEventVolume[]>>,
    private readonly failure?: Error,
  ) {}

  daily(sourceId: string, days: number): Promise<DailyEventVolume[]> {
    this.asked.push({ sourceId, days });
    this.calls += 1;
    if (this.failure) return Promise.reject(this.failure);
    return Promise.resolve((this.rows[sourceId] ?? []).map((row) => ({ ...row, sourceId })));
  }
}
