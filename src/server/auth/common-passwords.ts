/**
 * Passwords people pick first, as published in breach studies (top entries of the
 * well-known lists, plus Spanish and Portuguese favourites). Checked case-insensitively.
 */
const common = `123456 123456789 12345678 password qwerty123 qwerty 1234567 12345 1234567890 111111
123123 abc123 password1 1q2w3e4r 000000 iloveyou 1qaz2wsx qwertyuiop 123321 654321 666666 987654321
123qwe 7777777 112233 121212 qwe123 zxcvbnm 1q2w3e 555555 dragon monkey football baseball letmein
sunshine princess welcome shadow superman michael master admin admin123 administrator passw0rd
password123 password12 contraseña contrasena contraseña1 contrasena1 senha senha123 12345678910
micontraseña tequiero teamo barcelona realmadrid benfica sporting portugal espana espanha futbol
futebol hola1234 holahola 11111111 00000000 88888888 12341234 abcd1234 asdfghjk asdf1234 qwer1234
1234qwer q1w2e3r4 aaaaaaaa azerty123 trustno1 starwars pokemon minecraft miaubot miaubot1`;

const commonPasswords: ReadonlySet<string> = new Set(common.split(/\s+/).filter(Boolean));

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}
