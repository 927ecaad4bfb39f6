import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { safeReturnPath } from '../../domain/accounts';
import { loadSession, requestCode, signOut, verifyCode } from '../../stores/session';
import { useEarlyInput } from '../early-input';
import './accounts.css';

/** Why the shopper is asked to sign in, by the SPEC 2 `type` of /sign-in. */
const REASONS: Record<string, string> = {
  watchlist: 'Sign in to save cars to your watchlist.',
  'my-garage': 'Sign in to see your garage.',
  checkout: 'Sign in to reserve or buy this car online.',
  finance: 'Sign in to apply for finance.',
  'car-finance': 'Sign in to apply for finance for this car.',
  'trade-in': 'Sign in to value your trade-in.',
  'sell-my-car': 'Sign in to sell your car.',
  'spin-to-win': 'Sign in to spin to win.',
  'online-payment': 'Sign in to make an online payment.',
};

function params() {
  const query = new URLSearchParams(location.search);
  return {
    type: query.get('type') ?? '',
    redirect: safeReturnPath(query.get('redirect')),
    back: safeReturnPath(query.get('back')),
  };
}

/**
 * /sign-in?type={kind}&redirect={target}&back={return}: mobile number, then the one-time code
 * texted to it; on success the shopper goes on to `redirect` (same-site paths only).
 */
export default function SignInForm() {
  const ids = useId();
  const [step, setStep] = useState<'loading' | 'phone' | 'code' | 'signed-in'>('loading');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [where, setWhere] = useState({ type: '', redirect: '/', back: '/' });
  const root = useRef<HTMLDivElement>(null);
  useEarlyInput(root);

  useEffect(() => {
    setWhere(params());
    void loadSession().then((state) =>
      setStep(state.status === 'signed-in' ? 'signed-in' : 'phone'),
    );
  }, []);

  async function sendCode(event?: FormEvent) {
    event?.preventDefault();
    setBusy(true);
    setError(undefined);
    const problem = await requestCode(phone);
    setBusy(false);
    if (problem) return setError(problem);
    setNotice(`We sent a 6-digit code to ${phone}. It works for 10 minutes.`);
    setStep('code');
  }

  async function checkCode(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    const problem = await verifyCode(phone, code);
    if (problem) {
      setBusy(false);
      return setError(problem);
    }
    location.assign(where.redirect);
  }

  const errorId = `${ids}-error`;
  const reason = REASONS[where.type] ?? 'Sign in with your mobile number.';

  return (
    <div className="sign-in" ref={root}>
      <p>{reason}</p>
      {step === 'signed-in' && (
        <div className="btn-row">
          <a className="btn btn-primary" href={where.redirect}>
            Continue
          </a>
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => void signOut().then(() => setStep('phone'))}
          >
            Sign Out
          </button>
        </div>
      )}
      {(step === 'phone' || step === 'loading') && (
        <form className="account-form" onSubmit={sendCode} noValidate>
          <label htmlFor={`${ids}-phone`}>
            Mobile Number
            <input
              id={`${ids}-phone`}
              name="phone_number"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              required
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? errorId : undefined}
            />
          </label>
          {error && (
            <p id={errorId} className="account-error" role="alert">
              {error}
            </p>
          )}
          <button className="btn btn-primary" type="submit" disabled={busy || step === 'loading'}>
            Send Code
          </button>
        </form>
      )}
      {step === 'code' && (
        <form className="account-form" onSubmit={checkCode} noValidate>
          {notice && <p role="status">{notice}</p>}
          <label htmlFor={`${ids}-code`}>
            Code
            <input
              id={`${ids}-code`}
              name="code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              required
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? errorId : undefined}
            />
          </label>
          {error && (
            <p id={errorId} className="account-error" role="alert">
              {error}
            </p>
          )}
          <div className="btn-row">
            <button className="btn btn-primary" type="submit" disabled={busy}>
              Sign In
            </button>
            <button
              type="button"
              className="btn btn-outline"
              disabled={busy}
              onClick={() => void sendCode()}
            >
              Send a New Code
            </button>
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => {
                setStep('phone');
                setCode('');
                setError(undefined);
              }}
            >
              Use Another Number
            </button>
          </div>
        </form>
      )}
      <p className="sign-in__back">
        <a className="btn btn-outline" href={where.back}>
          Back
        </a>
      </p>
    </div>
  );
}
