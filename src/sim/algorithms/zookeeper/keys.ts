/** Host names and the election znode of the ZooKeeper recipe, read by the declaration, the runtime and the machine. */
export const ZK_HOST = 'zookeeper';
export const STORAGE_HOST = 'storage';
export const ELECTION = '/election';
