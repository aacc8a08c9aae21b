/** «4,7»: Spanish and Portuguese write decimals with a comma (not Intl: decision 029). */
export const ratingText = (average: number) => average.toFixed(1).replace(".", ",");
