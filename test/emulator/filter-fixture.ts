import type { EmulatorConfig } from "../../src/emulator/index.js";
import { testWorkspace } from "../helpers/emulator.js";

/** Two sources: `src_web` with two destination instances, `src_srv` with one; a catalog naming their types. */
export const FILTER_CONFIG: EmulatorConfig = {
  workspaces: [
    {
      ...testWorkspace(),
      sources: [
        {
          id: "src_web",
          slug: "web",
          destinations: [
            { id: "dst_amp", name: "Amplitude prod", metadataId: "meta_amp" },
            { id: "dst_ads", name: "Ads", metadataId: "meta_ads" },
          ],
        },
        { id: "src_srv", slug: "server", destinations: [{ id: "dst_srv", metadataId: "meta_amp" }] },
      ],
    },
  ],
  catalog: {
    destinations: [
      { id: "meta_amp", slug: "amplitude", name: "Amplitude" },
      { id: "meta_ads", slug: "google-ads", name: "Google Ads" },
    ],
  },
};

/** A valid create input for `dst_amp` (source `src_web`). */
export const FILTER_INPUT = {
  sourceId: "src_web",
  if: "type = 'identify'",
  actions: [{ type: "DROP" }],
  title: "Drop identify",
  description: "Drop Identify calls",
  enabled: true,
};

export const AMP_FILTERS = "/destination/dst_amp/filters";
