/**
 * `guards:` of transync.yaml (docs/impact.md, "Guards"): how much of a source's traffic one change
 * may newly drop or alter before `apply` needs the operator's `--accept-blast-radius NAME`. The
 * top-level keys, each replaced by the run's environment's key of the same name. A key left out sets
 * no limit of its kind.
 */
export interface BlastRadiusLimits {
  /** Events per day a change may newly drop from its source. */
  maxDroppedPerDay?: number;
  /** Share (0..1) of its source's daily events a change may newly drop. */
  maxDroppedShare?: number;
  /** Share (0..1) of its source's daily events whose content a change may newly alter. */
  maxChangedShare?: number;
  /** A figure that cannot be known: counted over the limit (`refuse`, the default) or only said (`warn`). */
  unknownVolume: "refuse" | "warn";
}

/** The limits by name, as the plan's `guards[].rule` names them. */
export type BlastRadiusRule = "maxDroppedPerDay" | "maxDroppedShare" | "maxChangedShare";
