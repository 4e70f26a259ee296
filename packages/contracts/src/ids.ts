/**
 * The largest id a row can have: ids are PostgreSQL `serial` (int4). Id schemas stop here, so an id
 * beyond it is a 400 naming the field rather than a database error.
 */
export const MAX_ID = 2_147_483_647;
