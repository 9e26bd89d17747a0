/**
 * npm run dev-login -- alice@example.com [http://localhost:8080]
 * Signs in through the development OpenID Connect provider without a browser and prints the
 * Cookie header of the new gateway session, e.g. for curl:  curl -H "cookie: $(npm run -s dev-login -- a@b.c)" ...
 */
import { signInThroughDevProvider } from '@matchday/dev-oidc';

const [email, url = `http://localhost:${process.env.PORT ?? 8080}`] = process.argv.slice(2);
if (!email) {
  console.error('Usage: npm run dev-login -- <email> [gateway url]');
  process.exit(1);
}
void signInThroughDevProvider(url, email).then(
  (cookie) => console.log(cookie),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
