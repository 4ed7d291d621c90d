/**
 * Catches a screen that throws while rendering, or a lazy chunk that fails to load, and says so
 * in the page instead of leaving it blank. The shell (and the Bluetooth connection) stays up;
 * moving to another page clears the error.
 */
import { Component, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { messageOf } from '../shared/messageOf';

interface Props {
  /** Changes on navigation, which resets the boundary. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  key: string;
}

export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  render(): ReactNode {
    if (this.state.error === null) return this.props.children;
    return (
      <section className="screen">
        <h1>Something went wrong</h1>
        <p role="alert">{messageOf(this.state.error)}</p>
        <p>
          <Link to="/">Back to Workout</Link>
        </p>
      </section>
    );
  }
}
