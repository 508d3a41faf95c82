import type { CliContext } from "../commands/context.js";
import type { LiveApi } from "../live/live-api.js";
import type { EventVolumeReads } from "../model/event-volume.js";
import { UsageError } from "../errors.js";

/** The reader of event volumes over a plan's API client. */
export function eventVolumeReads(_ctx: CliContext, _api: LiveApi): EventVolumeReads {
  return {
    calls: 0,
    daily: () => Promise.reject(new UsageError("this build of transync cannot read event volumes yet")),
  };
}
