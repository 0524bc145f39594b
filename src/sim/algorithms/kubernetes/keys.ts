/** Host names of the Kubernetes Lease story, read by the declaration, the runtime and the machine. */
export const APISERVER_HOST = 'kube-apiserver';
export const STORAGE_HOST = 'storage';
