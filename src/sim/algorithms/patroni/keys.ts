/**
 * Patroni's keys in etcd (`/service/<scope>/...`), its hosts and the timeouts of its REST and store calls.
 * The layout and the role names are Patroni 3.0's (3.0.2): the leader's position is in `status`
 * (JSON {"optime": lsn}; patroni/dcs/__init__.py write_status writes `/optime/leader` as well only
 * while a member older than 2.1.0 is in the cluster), the timeline history in `history`, and a
 * primary's role is reported as `master` in its member key and its REST answers.
 */

export const SCOPE = 'batman'; // the scope in Patroni's documentation examples
export const STORE = 'etcd';
/** Model: a store request without an answer is sent again after this long, until retry_timeout runs out. */
export const STORE_RETRY_MS = 2000;
/** ha.py fetch_node_status: GET /patroni on each member with timeout=2. */
export const REST_TIMEOUT_MS = 2000;
/** pg-k's agent is started (k-1) x this after pg-1's, so pg-1 bootstraps the cluster. */
export const START_STAGGER_MS = 1000;
export const READ_ONLY = 'cannot execute INSERT in a read-only transaction';
export const NOT_RUNNING = 'the database system is starting up';

const PREFIX = `/service/${SCOPE}/`;
export const patroniKeys = {
  prefix: PREFIX,
  leader: `${PREFIX}leader`,
  initialize: `${PREFIX}initialize`,
  status: `${PREFIX}status`,
  history: `${PREFIX}history`,
  membersPrefix: `${PREFIX}members/`,
  member: (name: string) => `${PREFIX}members/${name}`,
};

/**
 * Patroni's watchdog fires this long before the leader key would expire: its timeout is ttl -
 * safety_margin (Patroni docs, Watchdog support; YAML Configuration Settings, watchdog: safety_margin
 * 5 by default).
 */
export const WATCHDOG_SAFETY_MARGIN_MS = 5000;
