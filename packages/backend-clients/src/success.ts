/** Whether a backend's answer succeeded (2xx): the test made before its body is read as the answer. */
export const isSuccess = (status: number): boolean => status >= 200 && status < 300;
