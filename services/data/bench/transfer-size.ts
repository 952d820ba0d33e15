/** How much every transfer of the streaming benchmark moves. */
export const SIZE = 1024 ** 3;
