// Pieces of SQL made from text: LIKE patterns (the text's own % and _ match literally) and column names.

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

export const containsPattern = (text: string) => `%${escapeLike(text)}%`;
export const startsWithPattern = (text: string) => `${escapeLike(text)}%`;

/** A column's name in the database: the schema names columns in camelCase and stores them in snake_case. */
export const databaseName = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
