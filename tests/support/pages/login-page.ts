import type { Locator, Page } from 'playwright-core';

/** What the login and registration screens share: the product's heading, the credentials, the alerts. */
export class AuthScreen {
  readonly heading: Locator;
  readonly username: Locator;
  readonly password: Locator;

  constructor(
    readonly page: Page,
    readonly base: string,
  ) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.username = page.getByLabel('Username');
    this.password = page.getByLabel('Password');
  }

  /** An alert on the screen, by (part of) its text. */
  alert(text: string | RegExp): Locator {
    return this.page.getByRole('alert').filter({ hasText: text });
  }

  /** The session token the window holds (localStorage "token", docs/product.md), or null. */
  token(): Promise<string | null> {
    return this.page.evaluate(() => localStorage.getItem('token'));
  }
}

/** The login screen (docs/product.md, Screens): at /, and wherever a page needs a session the window lacks. */
export class LoginPage extends AuthScreen {
  readonly logo = this.page.locator('h1 img[src="/logo.png"]');
  readonly signInButton = this.page.getByRole('button', { name: 'SIGN IN' });
  readonly registerButton = this.page.getByRole('button', { name: 'REGISTER' });

  /** Goes to `path` (/ unless told otherwise) and waits for the login form. */
  async open(path = '/'): Promise<this> {
    await this.page.goto(this.base + path);
    await this.signInButton.waitFor();
    return this;
  }

  /** Types the credentials and presses SIGN IN, as a person does; where that leads is the caller's to wait for. */
  async submit(username: string, password: string): Promise<void> {
    await this.username.fill(username);
    await this.password.fill(password);
    await this.signInButton.click();
  }

  /** Opens the login screen, signs in and waits for the investor page, where every sign-in lands. */
  async signIn(username: string, password: string): Promise<void> {
    await this.open();
    await this.submit(username, password);
    await this.page.waitForURL(this.base + '/investor');
  }
}
