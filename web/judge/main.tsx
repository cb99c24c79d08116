import { render } from 'preact';
import { App } from './app';
import '../shared/style.css';
import '../table/table.css';
import './judge.css';

render(<App />, document.getElementById('app')!);
