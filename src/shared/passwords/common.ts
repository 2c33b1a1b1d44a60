// The most common 8+-character entries of @zxcvbn-ts/language-common's "passwords-common"
// (some 49,000 passwords from breach corpora), in its order: what the forms check before
// sending, so the commonest refusals show at once without shipping the whole list to every
// browser. The server checks the whole list (src/server/auth/breached-passwords.ts).
const COMMON: ReadonlySet<string> = new Set([
  "password", "12345678", "123456789", "baseball", "football", "qwertyuiop", "1234567890", "superman", "1qaz2wsx",
  "jennifer", "trustno1", "sunshine", "iloveyou", "computer", "michelle", "starwars", "princess", "11111111",
  "corvette", "1234qwer", "internet", "samantha", "q1w2e3r4t5", "maverick", "whatever", "mercedes", "steelers",
  "qwer1234", "hardcore", "q1w2e3r4", "midnight", "bigdaddy", "victoria", "marlboro", "password1", "1q2w3e4r",
  "cocacola", "jordan23", "asdfasdf", "danielle", "12344321", "jonathan", "liverpoo", "qwerty123", "passw0rd",
  "abcd1234", "slipknot", "scorpion", "startrek", "asdfghjkl", "redskins", "qazwsxedc", "liverpool", "nicholas",
  "dolphins", "qwertyui", "metallic", "mountain", "benjamin", "elephant", "rush2112", "1q2w3e4r5t", "creative",
  "garfield", "asdfghjk", "1qazxsw2", "december", "airborne", "brooklyn", "godzilla", "4815162342", "williams",
  "darkness", "blink182", "platinum", "01012011", "11223344", "lifehack", "12qwaszx", "snowball", "nintendo",
  "november", "pakistan", "explorer", "redwings", "789456123", "lasvegas", "guinness", "christin", "asdf1234",
  "babygirl", "michigan", "carolina", "alexande", "minecraft", "metallica", "kristina", "kimberly", "snickers",
  "paradise", "caroline", "147258369", "lacrosse", "poohbear", "qweasdzxc", "einstein", "drowssap", "courtney",
  "spitfire", "patricia", "maryjane", "champion", "svetlana", "anderson", "westside", "security", "zaq12wsx",
  "alexander", "123456789a", "1232323q",
]);

/** True when the password, ignoring case, is on the list. */
export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}
