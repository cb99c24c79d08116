import { render } from 'preact';
import { App } from './app';
import '../shared/style.css';
import '../shared/tournament.css';
import './desk.css';
import './single-match.css';

render(<App />, document.getElementById('app')!);
