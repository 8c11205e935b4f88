"""The live tables' storage: the step writers, their JSON text, finished tables read back."""
