import { AuthScreen } from './login-page.js';

/** The registration screen at /register: a new login for an investor, with the secret the admin handed out. */
export class RegisterPage extends AuthScreen {
  readonly secret = this.page.getByLabel('Secret');
  readonly registerButton = this.page.getByRole('button', { name: 'REGISTER' });

  async open(): Promise<this> {
    await this.page.goto(this.base + '/register');
    return this;
  }

  /** Fills in the form and presses REGISTER; where that leads is the caller's to wait for. */
  async register(login: { username: string; password: string; secret: string }): Promise<void> {
    await this.username.fill(login.username);
    await this.password.fill(login.password);
    await this.secret.fill(login.secret);
    await this.registerButton.click();
  }
}
