/** Patroni's keys in etcd (`/service/<scope>/...`), its hosts and the timeouts of its REST and store calls. */

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
  optime: `${PREFIX}optime/leader`,
  membersPrefix: `${PREFIX}members/`,
  member: (name: string) => `${PREFIX}members/${name}`,
};
