/** The lease election's keys in etcd and the hosts it adds beside the nodes. */

/** The election's keys: the leader key (value = holder id, attached to its lease) and the token counter. */
export const ELECTION_PREFIX = '/election/';
export const LEADER_KEY = `${ELECTION_PREFIX}leader`;
export const TOKEN_KEY = `${ELECTION_PREFIX}token`;
/** Host ids this algorithm adds beside the nodes. */
export const STORE_HOST = 'etcd';
export const STORAGE_HOST = 'storage';
