/**
 * The environment variables transync reads, in the order help lists them. Which commands read one
 * is not written here: a flag declares the variables that go with it (`flag(...).env(...)`), a
 * command those it reads besides (`environment` in src/cli/define.ts), and src/cli/help.ts
 * derives each command's list from its declaration (test/cli/help.test.ts holds this table to the
 * variables the source reads).
 */
export interface EnvironmentVariable {
  name: string;
  meaning: string;
}

const variable = (name: string, meaning: string): EnvironmentVariable => ({ name, meaning });

export const SEGMENT_API_TOKEN = variable(
  "SEGMENT_API_TOKEN",
  "Segment Public API token (required unless the environment names its own tokenEnv; never a flag, never printed)",
);
export const SEGMENT_API_TOKEN_ENV = variable(
  "SEGMENT_API_TOKEN_<ENV>",
  "an environment's own token, when transync.yaml says `tokenEnv: SEGMENT_API_TOKEN_<ENV>` (the write token: apply, reconcile) or `planTokenEnv: SEGMENT_API_TOKEN_<ENV>_READ` (a read token: plan, drift, import, test --check-with-segment); never printed",
);
export const SEGMENT_API_URL = variable("SEGMENT_API_URL", "API base URL, after --api-url and before transync.yaml's apiUrl");
export const TRANSYNC_ALLOW_API_HOSTS = variable(
  "TRANSYNC_ALLOW_API_HOSTS",
  "HOST[,HOST:PORT] transync.yaml's apiUrl may name besides Segment's hosts",
);
export const TRANSYNC_CACHE_DIR = variable(
  "TRANSYNC_CACHE_DIR",
  "cache folder for clones of --repo URLs and lock files (default: $XDG_CACHE_HOME/transync)",
);
export const GIT_CONFIG_COUNT = variable(
  "GIT_CONFIG_COUNT",
  "git settings passed in GIT_CONFIG_KEY_<n>/GIT_CONFIG_VALUE_<n>; the credentials of an https --repo URL are added after them, for each fetch or push only (never written)",
);
export const XDG_CACHE_HOME = variable("XDG_CACHE_HOME", "base of the cache folder when TRANSYNC_CACHE_DIR is unset (default: ~/.cache)");
export const TRANSYNC_KEY = variable(
  "TRANSYNC_KEY_*",
  "a hash key written as `key: { fromEnv: TRANSYNC_KEY_NAME }` is read from that variable (no other name may hold one); unset, `test` hashes with the public test key transync-test-key",
);
export const TRANSYNC_NOTIFY = variable(
  "TRANSYNC_NOTIFY_*",
  "a notification's URL and signing key, when transync.yaml's notify: names them (`urlEnv`, `secretEnv`; no other names may hold them); never printed",
);
export const TRANSYNC_WEBHOOK_SECRET = variable(
  "TRANSYNC_WEBHOOK_SECRET",
  "the shared secret of Segment's Webhooks destination that reconcile --webhook-port checks X-Signature with (--webhook-secret-env names another TRANSYNC_ variable); never printed",
);
export const TRANSYNC_EMULATOR_TOKEN = variable(
  "TRANSYNC_EMULATOR_TOKEN",
  "the token the emulator accepts without --config (default: local-token)",
);
export const GITHUB_TOKEN = variable("GITHUB_TOKEN", "GitHub token that posts the comment (required)");
export const GITHUB_REPOSITORY = variable("GITHUB_REPOSITORY", "owner/name, when --repo-slug is not given");
export const GITHUB_API_URL = variable("GITHUB_API_URL", "GitHub REST API URL, when --api-url is not given");
export const TRANSYNC_COMMENT_AUTHOR = variable(
  "TRANSYNC_COMMENT_AUTHOR",
  "account whose marked comment is updated when the token cannot read its own (GET /user), when --comment-author is not given (default: github-actions[bot])",
);
export const GITHUB_STEP_SUMMARY = variable("GITHUB_STEP_SUMMARY", "file the comment is also appended to (set by GitHub Actions)");
export const GITLAB_TOKEN = variable(
  "GITLAB_TOKEN",
  "GitLab project/group access token (`api` scope, Reporter role) that posts the merge-request note (CI_JOB_TOKEN cannot)",
);
export const CI_MERGE_REQUEST_IID = variable(
  "CI_MERGE_REQUEST_IID",
  "merge request of a GitLab merge-request pipeline, when --mr is not given (with CI_PROJECT_ID and CI_API_V4_URL, and no --pr: post a GitLab note)",
);
export const CI_MERGE_REQUEST_PROJECT_ID = variable(
  "CI_MERGE_REQUEST_PROJECT_ID",
  "GitLab project of the merge request, when --project is not given",
);
export const CI_PROJECT_ID = variable(
  "CI_PROJECT_ID",
  "GitLab project, when --project is not given and CI_MERGE_REQUEST_PROJECT_ID is unset",
);
export const CI_API_V4_URL = variable(
  "CI_API_V4_URL",
  "GitLab REST API URL, when --api-url is not given (default: https://gitlab.com/api/v4)",
);
export const CI_MERGE_REQUEST_PROJECT_URL = variable(
  "CI_MERGE_REQUEST_PROJECT_URL",
  "GitLab project page, for the note's link in the output (else CI_PROJECT_URL)",
);
export const CI_PROJECT_URL = variable("CI_PROJECT_URL", "GitLab project page, when CI_MERGE_REQUEST_PROJECT_URL is unset");
export const TRANSYNC_LOG_LEVEL = variable(
  "TRANSYNC_LOG_LEVEL",
  "log level (a --log-level choice, any case) when --log-level is not given (default: info)",
);
export const TRANSYNC_LOG_FORMAT = variable("TRANSYNC_LOG_FORMAT", "`json` for JSON log lines on a terminal too");
export const NO_COLOR = variable("NO_COLOR", "set (non-empty) for no colour");

/** Every variable, in help's order. */
export const VARIABLES: readonly EnvironmentVariable[] = [
  SEGMENT_API_TOKEN,
  SEGMENT_API_TOKEN_ENV,
  SEGMENT_API_URL,
  TRANSYNC_ALLOW_API_HOSTS,
  TRANSYNC_CACHE_DIR,
  GIT_CONFIG_COUNT,
  XDG_CACHE_HOME,
  TRANSYNC_KEY,
  TRANSYNC_NOTIFY,
  TRANSYNC_WEBHOOK_SECRET,
  TRANSYNC_EMULATOR_TOKEN,
  GITHUB_TOKEN,
  GITHUB_REPOSITORY,
  GITHUB_API_URL,
  TRANSYNC_COMMENT_AUTHOR,
  GITHUB_STEP_SUMMARY,
  GITLAB_TOKEN,
  CI_MERGE_REQUEST_IID,
  CI_MERGE_REQUEST_PROJECT_ID,
  CI_PROJECT_ID,
  CI_API_V4_URL,
  CI_MERGE_REQUEST_PROJECT_URL,
  CI_PROJECT_URL,
  TRANSYNC_LOG_LEVEL,
  TRANSYNC_LOG_FORMAT,
  NO_COLOR,
];

/** Read by every command (the logger and the colour of output). */
export const GLOBAL_VARIABLES: readonly EnvironmentVariable[] = [TRANSYNC_LOG_LEVEL, TRANSYNC_LOG_FORMAT, NO_COLOR];
