import { sweep, quantile } from './shuffleboard-sweep';
for (const scale of [0, 1]) {
  const s = sweep(1, 5000, { scale });
  console.log(scale, 'asked', s.asked, 'right', s.right, 'wrong', s.wrong, 'worst', s.scoring[s.scoring.length - 1].toFixed(1), 'unseen', s.unseen);
}
