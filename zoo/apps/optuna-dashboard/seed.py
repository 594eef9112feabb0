"""Seeds Optuna studies for the zoo's dashboard by running small real optimisations."""

import math
import sys

import optuna

storage = sys.argv[1]
optuna.logging.set_verbosity(optuna.logging.WARNING)



def prices(trial: optuna.Trial) -> float:
    lr = trial.suggest_float("learning_rate", 1e-3, 0.3, log=True)
    leaves = trial.suggest_int("num_leaves", 8, 256)
    boosting = trial.suggest_categorical("boosting", ["gbdt", "dart", "goss"])
    return 0.2 + (math.log10(lr) + 1.5) ** 2 * 0.05 + abs(leaves - 64) / 1000 + (boosting == "dart") * 0.02


study = optuna.create_study(study_name="house-prices-lgbm", storage=storage, direction="minimize", sampler=optuna.samplers.TPESampler(seed=3))
study.optimize(prices, n_trials=40)


def classifier(trial: optuna.Trial) -> float:
    lr = trial.suggest_float("lr", 1e-5, 1e-1, log=True)
    batch = trial.suggest_categorical("batch_size", [16, 32, 64, 128])
    dropout = trial.suggest_float("dropout", 0.0, 0.5)
    trial.set_user_attr("gpu", "none")
    return 0.9 - (math.log10(lr) + 3) ** 2 * 0.02 - abs(dropout - 0.2) * 0.1 + batch / 10000


study = optuna.create_study(study_name="image-classifier-lr", storage=storage, direction="maximize", sampler=optuna.samplers.TPESampler(seed=3))
study.set_user_attr("owner", "Aiko Tanaka")
study.optimize(classifier, n_trials=25)


def two(trial: optuna.Trial) -> tuple[float, float]:
    x = trial.suggest_float("x", 0, 5)
    y = trial.suggest_float("y", 0, 3)
    return 4 * x * x + 4 * y * y, (x - 5) ** 2 + (y - 5) ** 2


study = optuna.create_study(study_name="two-objectives", storage=storage, directions=["minimize", "minimize"],
                            sampler=optuna.samplers.NSGAIISampler(seed=3))
study.optimize(two, n_trials=30)


def flaky(trial: optuna.Trial) -> float:
    x = trial.suggest_int("epochs", 1, 50)
    if trial.number % 4 == 1:
        raise optuna.TrialPruned()
    if trial.number % 5 == 2:
        raise ValueError("out of memory")
    return x / 50


study = optuna.create_study(study_name="failed-runs-demo", storage=storage, sampler=optuna.samplers.TPESampler(seed=3))
study.optimize(flaky, n_trials=12, catch=(ValueError,))
print("seeded 4 studies")
