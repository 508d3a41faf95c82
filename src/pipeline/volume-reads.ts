import type { CliContext } from "./context.js";
import type { EventVolumeReads } from "../model/event-volume.js";
import { createEventVolumeReads, type OwnLimitGets } from "../live/events-volume.js";

/**
 * The reader of event volumes over a plan's HTTP client (its transport, retries and token), paced
 * within `GET /events/volume`'s own limit (src/live/events-volume.ts); the client's clock places
 * the window of complete UTC days.
 */
export function eventVolumeReads(ctx: CliContext, api: OwnLimitGets): EventVolumeReads {
  return createEventVolumeReads(api, ctx.logger, ctx.clock);
}
