/** What posting the plan did: a comment (a note) created or updated in place, where it is, and how many marked ones by others were left alone. */
export interface Upserted {
  action: "created" | "updated";
  /** The comment's page (GitHub), the note's anchor on the merge request's page, else `note ID` (GitLab). */
  url: string;
  /** Comments or notes with the environment's marker written by another account: never adopted. */
  othersMarked: number;
}
