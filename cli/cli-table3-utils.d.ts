// cli-table3 ships no types for its helpers; this is the one the shop's tables use.
declare module 'cli-table3/src/utils.js' {
  const utils: {
    /** Width in terminal columns of the widest line of `text`, colour codes aside. */
    strlen(text: string): number;
  };
  export default utils;
}
